import { Link } from '@tanstack/react-router';
import type { ProfileImage } from '../../lib/profile-image.js';
import './profile.css';

export interface AvatarProps {
  image: ProfileImage;
  size: 'small' | 'large';
}

/**
 * The profile image: the ID photo or the initials (portal.md §4). Always decorative: the name or the
 * link around it says whose it is.
 */
export function Avatar({ image, size }: AvatarProps) {
  const className = `avatar avatar--${size}`;
  if (image.kind === 'photo') return <img className={className} src={image.src} alt="" />;
  return (
    <span className={`${className} avatar--initials`} aria-hidden="true">
      {image.text}
    </span>
  );
}

/** The toolbar's profile image: a link to the Account page (portal.md §2 Dashboard toolbar). */
export function ProfileImageLink({ image }: { image: ProfileImage }) {
  return (
    <Link to="/account" className="profile-link" aria-label="Account">
      <Avatar image={image} size="small" />
    </Link>
  );
}
