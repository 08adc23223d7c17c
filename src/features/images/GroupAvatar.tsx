// A group's picture in a list (its thumbnail, or its identicon when it has none): square, lazy, on a
// neutral ground while it loads. The lists choose its size and corners.
import { cx } from '#src/components/ui/classes.ts';
import { groupAvatar } from './group-image.ts';

export function GroupAvatar({
  group,
  size,
  className,
}: {
  group: { id: string; image: string | null };
  /** its width and height in CSS pixels, for the layout before it loads */
  size: number;
  className: string;
}) {
  return (
    <img
      src={groupAvatar(group)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cx('shrink-0 bg-neutral-100 object-cover', className)}
    />
  );
}
