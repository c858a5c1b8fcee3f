// Writes the event check from the catalogue: `npm run gen:events` after changing events/catalogue.ts.
import { writeFileSync } from 'node:fs';
import { EVENT_CHECK_FILE, eventCheckSource } from '../events/codegen.ts';

writeFileSync(EVENT_CHECK_FILE, eventCheckSource());
console.log(`wrote ${EVENT_CHECK_FILE}`);
