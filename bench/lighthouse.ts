// Lighthouse (the npm package) on pages of the public site served by the API with the built site,
// in the machine's Chromium (no browser download): the four category scores per page, the audits
// that cost points, and the performance metrics. Default: Lighthouse's mobile preset (simulated
// slow 4G and a 4× slower CPU); BENCH_LIGHTHOUSE_PRESET=desktop runs the desktop one.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, SYSTEM_CHROMIUM } from '../scripts/chromium.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? SYSTEM_CHROMIUM;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

export interface LighthouseResult {
  page: string;
  url: string;
  /** Scores 0–100 per category. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Lab metrics: milliseconds, CLS unitless. */
  metrics: Record<(typeof METRICS)[number], number>;
  /** Audits that cost points (score below 1), by category. */
  failing: { category: string; id: string; title: string; score: number; displayValue?: string }[];
}

export type LighthouseOutcome = { preset: string; pages: LighthouseResult[] } | { skipped: string };

export async function runLighthouse(pages: { page: string; url: string }[]): Promise<LighthouseOutcome> {
  if (!existsSync(CHROMIUM)) return { skipped: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  const preset = process.env.BENCH_LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const results: LighthouseResult[] = [];
    for (const { page, url } of pages) {
      const runner = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
        preset === 'desktop'
          ? {
              extends: 'lighthouse:default',
              settings: {
                formFactor: 'desktop',
                screenEmulation: {
                  mobile: false,
                  width: 1350,
                  height: 940,
                  deviceScaleFactor: 1,
                  disabled: false,
                },
                throttling: {
                  rttMs: 40,
                  throughputKbps: 10_240,
                  cpuSlowdownMultiplier: 1,
                  requestLatencyMs: 0,
                  downloadThroughputKbps: 0,
                  uploadThroughputKbps: 0,
                },
              },
            }
          : undefined,
      );
      if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = runner;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      const metric = (id: (typeof METRICS)[number]) =>
        Math.round((lhr.audits[id]?.numericValue ?? 0) * 1000) / 1000;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = CATEGORIES.flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => {
          const audit = lhr.audits[ref.id];
          if (!audit || audit.score === null || audit.score >= 1 || ref.weight === 0) return [];
          return [
            {
              category,
              id: audit.id,
              title: audit.title,
              score: audit.score,
              ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
            },
          ];
        }),
      );
      results.push({
        page,
        url,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        metrics: {
          'first-contentful-paint': metric('first-contentful-paint'),
          'largest-contentful-paint': metric('largest-contentful-paint'),
          'total-blocking-time': metric('total-blocking-time'),
          'cumulative-layout-shift': metric('cumulative-layout-shift'),
          'speed-index': metric('speed-index'),
        },
        failing,
      });
    }
    return { preset, pages: results };
  } finally {
    chrome.kill();
  }
}
