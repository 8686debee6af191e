/** A drawn shop front with shelves of produce; decorative. */
export function ShopIllustration({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 400 300" className={className} aria-hidden="true" focusable="false">
      <rect x="20" y="60" width="360" height="220" rx="12" fill="#ffffff" />
      <path d="M10 70 200 10l190 60z" fill="#09122c" />
      <rect x="40" y="90" width="320" height="10" rx="3" fill="#e17564" />
      <rect x="40" y="150" width="150" height="8" rx="3" fill="#c9b79c" />
      <rect x="40" y="210" width="150" height="8" rx="3" fill="#c9b79c" />
      <circle cx="62" cy="136" r="13" fill="#b7412c" />
      <circle cx="90" cy="138" r="11" fill="#e17564" />
      <circle cx="116" cy="136" r="13" fill="#6b8e23" />
      <rect x="140" y="118" width="36" height="30" rx="4" fill="#f2c14e" />
      <rect x="50" y="176" width="22" height="32" rx="4" fill="#7b1f4b" />
      <rect x="80" y="170" width="22" height="38" rx="4" fill="#c2410c" />
      <rect x="110" y="182" width="34" height="26" rx="5" fill="#f4ece0" stroke="#c9b79c" />
      <rect x="152" y="178" width="28" height="30" rx="14" fill="#b7791f" />
      <rect x="215" y="120" width="140" height="140" rx="8" fill="#dbeafe" />
      <rect x="225" y="130" width="120" height="8" rx="2" fill="#93c5fd" />
      <rect x="232" y="150" width="26" height="36" rx="4" fill="#ffffff" />
      <rect x="266" y="150" width="26" height="36" rx="4" fill="#ffffff" />
      <rect x="300" y="150" width="26" height="36" rx="4" fill="#fde68a" />
      <rect x="232" y="200" width="44" height="40" rx="4" fill="#fca5a5" />
      <rect x="284" y="200" width="44" height="40" rx="4" fill="#fecaca" />
      <rect x="40" y="232" width="150" height="36" rx="6" fill="#f1e8da" />
      <text x="115" y="256" textAnchor="middle" fontSize="16" fontWeight="700" fill="#09122c">
        regional
      </text>
    </svg>
  );
}
