/** A round picture, or the initials of the name when there is none (decorative: the name is beside it). */
export function Avatar({ name, image, size = 40 }: { name: string; image?: string | null; size?: number }) {
  if (image) return <img className="chat-avatar" src={image} alt="" width={size} height={size} loading="lazy" />;
  const initials = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('');
  return (
    <span className="chat-avatar chat-avatar--initials" style={{ inlineSize: size, blockSize: size }} aria-hidden="true">
      {initials || '؟'}
    </span>
  );
}
