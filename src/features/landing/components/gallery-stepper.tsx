function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Previous, the counter ("1 / 4") and Next. */
export function GalleryStepper({ index, total, onStep }: { index: number; total: number; onStep: (step: 1 | -1) => void }) {
  return (
    <div className="landing-gallery__controls">
      <button type="button" className="landing-gallery__step" aria-label="Previous item" onClick={() => onStep(-1)}>
        <ArrowIcon direction="left" />
      </button>
      <p className="landing-gallery__counter">
        <span className="visually-hidden">Selected item </span>
        <span>
          {index + 1} / {total}
        </span>
      </p>
      <button type="button" className="landing-gallery__step" aria-label="Next item" onClick={() => onStep(1)}>
        <ArrowIcon direction="right" />
      </button>
    </div>
  );
}
