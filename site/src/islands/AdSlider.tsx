import { useEffect, useState } from 'react';
import { fill, type Message } from '../lib/message.ts';

export interface Slide {
  id: string;
  title: string;
  text: string;
  href: string | null;
  image: { url: string; width: number; height: number; alt: string };
}

/** Slides change every 10 s (spec 03 §2 Home page), unless paused or in use. */
export const SLIDE_INTERVAL_MS = 10_000;

export interface AdSliderLabels {
  region: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** "Offer 2 of 3". */
  slide: Message<'index' | 'total'>;
}

/**
 * The advertisement slider: one slide at a time, moving on by itself; it stops while pointed at or
 * focused and has a pause button, so nobody has to read against the clock (WCAG 2.2.2).
 */
export default function AdSlider({ slides, labels }: { slides: Slide[]; labels: AdSliderLabels }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (paused || held || slides.length < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % slides.length), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, held, slides.length]);

  const slide = slides[index];
  if (!slide) return null;
  const go = (step: number) => setIndex((current) => (current + step + slides.length) % slides.length);

  return (
    <section
      className="ad-slider"
      aria-roledescription="carousel"
      aria-label={labels.region}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset */}
      <div
        className="ad-slide"
        role="group"
        aria-roledescription="slide"
        aria-label={fill(labels.slide, { index: index + 1, total: slides.length })}
        aria-live={paused ? 'polite' : 'off'}
      >
        <img
          src={slide.image.url}
          width={slide.image.width}
          height={slide.image.height}
          alt={slide.image.alt}
        />
        <div className="ad-caption">
          <h3>{slide.href ? <a href={slide.href}>{slide.title}</a> : slide.title}</h3>
          <p>{slide.text}</p>
        </div>
      </div>
      {slides.length > 1 && (
        <div className="ad-controls">
          <button type="button" onClick={() => go(-1)} aria-label={labels.previous}>
            ‹
          </button>
          <button type="button" onClick={() => setPaused((current) => !current)}>
            {paused ? labels.play : labels.pause}
          </button>
          <button type="button" onClick={() => go(1)} aria-label={labels.next}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
