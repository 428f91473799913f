// Placeholder until this page is built.
export function Component() {
  return <p className="p-6 text-sm text-gray-500">This page is being built.</p>;
}
