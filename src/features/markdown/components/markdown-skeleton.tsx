// Stands in for Markdown while its code (or a code block's grammar) is still loading.
export function MarkdownSkeleton() {
  return (
    <div role="status" className="animate-pulse space-y-2 py-2" aria-label="Rendering">
      <div className="h-3 w-2/3 rounded bg-gray-200 dark:bg-gray-800" />
      <div className="h-3 w-5/6 rounded bg-gray-200 dark:bg-gray-800" />
      <div className="h-3 w-1/2 rounded bg-gray-200 dark:bg-gray-800" />
    </div>
  );
}
