/** A round picture, or the initials of the name when there is none (decorative: the name is beside it). */
export function Avatar({ name, image, size = 40 }: { name: string; image?: string | null; size?: number }) {
  if (image) return <img className="chat-avatar" src={image} alt="" width={size} height={size} loading="lazy" />;
  // One letter: two Arabic initials join into a ligature (ل + ا reads «لا»), which misleads.
  const initials = name.trim().charAt(0);
  return (
    <span
      className="chat-avatar chat-avatar--initials"
      style={{ inlineSize: size, blockSize: size }}
      aria-hidden="true"
    >
      {initials || '؟'}
    </span>
  );
}
