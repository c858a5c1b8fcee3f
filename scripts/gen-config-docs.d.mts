// Types of scripts/gen-config-docs.mjs for the tests that import it.
export interface SettingDefault {
  value?: string | number | boolean;
  text?: string;
  unset?: true;
}
export interface Setting {
  name: string;
  files: string[];
  defaults: SettingDefault[];
  accepts: string[];
  meaning: string;
  rules: string[];
}
export interface Collected {
  settings: Setting[];
  tools: { name: string; files: string[] }[];
}
export const OUTPUT: string;
export const UNDOCUMENTED: string;
export function collect(root?: string): Collected;
export function render(collected: Collected): string;
