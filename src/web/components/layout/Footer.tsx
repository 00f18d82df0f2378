import { Camera } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { siteLink } from '#web/lib/site-links.ts';

const linkClass = 'text-sm text-muted hover:text-app hover:underline';

export function Footer() {
  const instagramUrl = siteLink('instagram-url');
  return (
    <footer className="mt-16 border-t border-app bg-muted">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-app">{BRAND.name}</p>
          <p className="mt-1 text-sm text-muted">{BRAND.tagline}</p>
          <p className="mt-2 text-sm text-muted">Free for clients and providers during beta.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2">
          <Link to="/" className={linkClass}>
            Explore
          </Link>
          <Link to="/about" className={linkClass}>
            About Us
          </Link>
          <Link to="/help" className={linkClass}>
            Help
          </Link>
          <a href={`mailto:${BRAND.supportEmail}`} className={linkClass}>
            Contact
          </a>
          <Link to="/terms" className={linkClass}>
            Terms
          </Link>
          <Link to="/privacy" className={linkClass}>
            Privacy
          </Link>
        </nav>
        <div className="sm:text-right">
          {instagramUrl && (
            <a
              href={instagramUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 text-sm text-muted hover:text-app"
            >
              <Camera className="h-5 w-5" aria-hidden="true" /> Follow us on Instagram
            </a>
          )}
          <p className="mt-3 text-xs text-muted">
            © {new Date().getFullYear()} {BRAND.name}
          </p>
        </div>
      </div>
    </footer>
  );
}
