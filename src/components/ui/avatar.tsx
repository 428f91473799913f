export function Avatar({ src, name, size = 20 }: { src?: string; name: string; size?: number }) {
  return (
    <img
      src={src || undefined}
      alt=""
      title={name}
      width={size}
      height={size}
      loading="lazy"
      className="inline-block shrink-0 rounded-full bg-gray-200 align-middle dark:bg-gray-700"
      style={{ width: size, height: size }}
    />
  );
}
