// `npm run fuzz -- --model [--steps N --seed S --postgres]`: the store model (tests/model/store-model.ts), random
// operation sequences with every money and stock invariant checked after every step; merges
// reliability.model_steps / model_violations into bench/results.json. Prints, per command, the runs that did what
// they meant (a coupon applied, a gift taken, an order placed), that the store refused, and that found nothing to do.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { runStoreModel } from '../tests/model/store-model.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const steps = Number(arg('steps') ?? 10_000);
const seed = Number(arg('seed') ?? Date.now() % 1_000_000);
const backend = process.argv.includes('--postgres') ? 'postgres' : 'pglite';
const started = Date.now();
const ok = (commands: Record<string, { ok: number }>) =>
  Object.entries(commands)
    .sort()
    .map(([name, c]) => `${name} ${c.ok}`)
    .join(', ');
const report = await runStoreModel({
  steps,
  seed,
  backend,
  progress: (n, commands, violations) => console.log(`  ${n} steps, ${violations} violations; done: ${ok(commands)}`),
});
console.log(`store model on ${backend}, seed ${seed}: ${report.steps} steps in ${((Date.now() - started) / 1000).toFixed(0)} s`);
console.log(`orders ${report.orders} (${JSON.stringify(report.statuses)}), refunds ${report.refunds}, returns ${report.returns}`);
console.log(`refusals:        ${JSON.stringify(report.refusals)}`);
console.log('by command:      ok / refused / nothing to do');
for (const [name, c] of Object.entries(report.commands).sort()) console.log(`  ${name.padEnd(14)} ${c.ok} / ${c.refused} / ${c.noop}`);
console.log(`violations:      ${report.violations.length}`);
for (const v of report.violations.slice(0, 20)) console.log(`  ${v}`);
const file = 'bench/results.json';
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
results.reliability = { ...(results.reliability ?? {}), model_steps: report.steps, model_violations: report.violations.length };
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
process.exit(report.violations.length ? 1 : 0);
