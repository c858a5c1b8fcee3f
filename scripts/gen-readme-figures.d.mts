// Types of scripts/gen-readme-figures.mjs for the test that imports it.
type Results = Record<string, unknown>;
export const START: string;
export const END: string;
export const ROWS: Array<[string, string, (results: Results) => unknown]>;
export function figuresTable(results: Results): string;
export function withFigures(readme: string, results: Results): string;
