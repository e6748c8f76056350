import { PRODUCT_NAME } from '../../shared/brand.ts';
import { formatDateTime } from '../../shared/rules/dates.ts';
import type { AccountExport } from './export-data.ts';
import { escapeHtml } from '../http/escape-html.ts';

/** The same export as a page a person can read and print: one section per kind of data. */
export function renderExportHtml(data: AccountExport): string {
  const sections = Object.entries(data)
    .filter(([key]) => key !== 'exportedAt')
    .map(
      ([key, value]) =>
        `<section><h2>${escapeHtml(titleOf(key))}</h2>${renderValue(value)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Your ${escapeHtml(PRODUCT_NAME)} data</title>
<style>
body { font-family: Georgia, serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1c1433; }
h1, h2 { font-weight: bold; } h2 { margin-top: 2rem; border-bottom: 1px solid #ccc; }
dl { display: grid; grid-template-columns: 14rem 1fr; gap: .25rem 1rem; }
dt { font-weight: bold; } dd { margin: 0; white-space: pre-wrap; }
.item { border: 1px solid #ddd; border-radius: .5rem; padding: .75rem; margin: .75rem 0; }
</style>
</head>
<body>
<h1>Your ${escapeHtml(PRODUCT_NAME)} data</h1>
<p>Exported on ${escapeHtml(formatDateTime(data.exportedAt))}. Everything we keep about your account is below.</p>
${sections}
</body>
</html>`;
}

function renderValue(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p>None.</p>';
    return value.map((item) => `<div class="item">${renderValue(item)}</div>`).join('');
  }
  if (value !== null && typeof value === 'object') {
    const rows = Object.entries(value).map(
      ([key, inner]) => `<dt>${escapeHtml(titleOf(key))}</dt><dd>${renderValue(inner)}</dd>`,
    );
    return `<dl>${rows.join('')}</dl>`;
  }
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && isTimestamp(value)) return escapeHtml(formatDateTime(value));
  return escapeHtml(String(value));
}

/** An ISO timestamp as the export writes them (2026-11-24T15:04:05.000Z), read as a moment. */
function isTimestamp(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text);
}

/** `lessonCompletions` and `email_notifications` read as "Lesson completions", "Email notifications". */
function titleOf(key: string): string {
  const words = key
    .replaceAll('_', ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
