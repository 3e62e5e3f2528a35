import { Link } from '@tanstack/react-router';

export function NotFoundScreen() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">404 Page Not Found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to="/" className="button">
        Back to Home
      </Link>
    </section>
  );
}
