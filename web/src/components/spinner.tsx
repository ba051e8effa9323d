/** The product's loading spinner: #5272F2, 60px. Motion stops under prefers-reduced-motion (base.css). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner-wrap">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
