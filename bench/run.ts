// `npm run bench [-- suite…]`: runs the named suites (all when none is named) one after another.
// Each prints its own figures; nothing here asserts on time. Build the web app first
// (`npm run build`, or `npm start` once).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const suites = ['foundation', 'tables', 'tables-groups', 'flows', 'notes', 'agents', 'security', 'memory'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !suites.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench suite: ${unknown.join(', ')}. Suites: ${suites.join(', ')}`);
  process.exit(2);
}
if (!existsSync(new URL('../packages/web/dist/index.html', import.meta.url))) {
  console.error('Build the web app first: npm run build');
  process.exit(2);
}
let failed = false;
for (const suite of wanted.length > 0 ? wanted : suites) {
  console.log(`\n=== bench: ${suite} ===`);
  const result = spawnSync('node', ['--import', 'tsx', `bench/${suite}.ts`], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
