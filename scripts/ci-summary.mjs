// Adds up the JSON results of every test run into one closing line.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) continue;
  if (file.endsWith('.xml')) {
    // node:test's JUnit report
    const xml = readFileSync(file, 'utf8');
    const cases = (xml.match(/<testcase /g) ?? []).length;
    const failures = (xml.match(/<failure/g) ?? []).length;
    const skips = (xml.match(/<skipped/g) ?? []).length;
    passed += cases - failures - skips;
    failed += failures;
    skipped += skips;
    console.log(`${file}: ${cases - failures - skips} passed, ${failures} failed`);
    continue;
  }
  const result = JSON.parse(readFileSync(file, 'utf8'));
  if (result.stats) {
    // Playwright
    passed += result.stats.expected;
    failed += result.stats.unexpected + result.stats.flaky;
    skipped += result.stats.skipped;
    console.log(`${file}: ${result.stats.expected} passed, ${result.stats.unexpected} failed`);
  } else {
    // Vitest
    passed += result.numPassedTests;
    failed += result.numFailedTests;
    skipped += result.numPendingTests + result.numTodoTests;
    console.log(`${file}: ${result.numPassedTests} passed, ${result.numFailedTests} failed`);
  }
}
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
