// Enforces the dependency direction of ARCHITECTURE.md: schemas <- events <- providers, schemas <- machines,
// (schemas, events, machines, providers) <- src, schemas <- server. Nothing points back up.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ALLOWED = {
  schemas: ['schemas'],
  events: ['schemas', 'events'],
  providers: ['schemas', 'events', 'providers'],
  machines: ['schemas', 'events', 'machines'],
  src: ['schemas', 'events', 'machines', 'providers', 'src'],
  server: ['schemas', 'server'],
};
const TOP = Object.keys(ALLOWED);
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(p);
  }
};
for (const top of TOP) walk(top);

const problems = [];
const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
for (const file of files) {
  const owner = file.split(path.sep)[0];
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    if (!spec.startsWith('.')) continue;
    const target = path.relative('.', path.resolve(path.dirname(file), spec)).split(path.sep)[0];
    if (TOP.includes(target) && !ALLOWED[owner].includes(target)) problems.push(`${file}: ${owner}/ may not import ${target}/ (${spec})`);
  }
}
if (problems.length) {
  console.error(`Import boundaries broken:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`import boundaries ok (${files.length} files)`);
