// A link that leaves the Frolic site: new tab, no opener or referrer, and said so to everyone.
export function ExternalLink({ href, children, className }: { href: string; children: React.ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens an external site in a new tab)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}
