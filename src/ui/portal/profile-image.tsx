import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ProfileImage } from '../../lib/profile-image.js';
import './profile.css';

export interface AvatarProps {
  image: ProfileImage;
  size: 'small' | 'large';
  /** What the image stands for when it is a link's only content; decorative without. */
  label?: string;
}

/**
 * The profile image: the ID photo or the initials (portal.md §4). Decorative beside the person's
 * name; the only content of a link, it carries the link's name (`label`).
 */
export function Avatar({ image, size, label = '' }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (image.kind === 'photo') return <img className={className} src={image.src} alt={label} />;
  return (
    <span className={`${className} avatar--initials`}>
      <span aria-hidden="true">{image.text}</span>
      {label && <span className="visually-hidden">{label}</span>}
    </span>
  );
}

/** The toolbar's profile image: a link to the Account page (portal.md §2 Dashboard toolbar). */
export function ProfileImageLink({ image }: { image: ProfileImage }) {
  const { t } = useLingui();
  return (
    <Link to="/account" className="profile-link">
      <Avatar image={image} size="small" label={t`Account`} />
    </Link>
  );
}
