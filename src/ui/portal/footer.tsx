import { Link } from '@tanstack/react-router';
import { sections } from '../../lib/sections.js';

/** portal.md §2 Footer (the foundation part: Main Site, copyright, Log out). */
export function Footer({ year }: { year: number }) {
  return (
    <footer className="footer">
      <nav aria-label="Main site">
        <h2 className="footer__heading">Main Site</h2>
        <ul>
          {sections.map((s) => (
            <li key={s.path}>
              <Link to={s.path}>{s.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__legal">
        © {year} Campus Portal · <Link to="/logout">Log out</Link>
      </p>
    </footer>
  );
}
