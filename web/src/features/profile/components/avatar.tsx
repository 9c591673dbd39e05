import { initialsAvatar } from '@/lib/names';

/** A member's picture, or their initials when they have none. */
export function Avatar({
  name,
  src,
  size = 48,
}: {
  name: string | null | undefined;
  src?: string | null;
  size?: number;
}) {
  return (
    <img
      className="profile-avatar"
      src={src || initialsAvatar(name)}
      alt=""
      width={size}
      height={size}
      style={{ inlineSize: size, blockSize: size }}
    />
  );
}
