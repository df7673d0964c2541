// npm run bench:alternate -- [search|list|write] [rounds] [seconds]: on PostgreSQL, the app and the bare
// route alive side by side, measured in turn (bare, app, bare, app…), so that what the machine does
// meanwhile falls on both alike. Prints each round's ratio; for finding what one change is worth.
import { startServer } from '../../e2e/reliability/app-process';
import { openPostgres } from '../../server/src/db/client';
import { startBare } from './bare-process';
import { anyOf, movementRequest, prepareBenchData, searchPath, signedIn } from './dataset';
import { type LoadOptions, load } from './measure';
import { BENCH_USERS } from './seed';

const [which = 'search', roundsArg = '4', secondsArg = '5'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const duration = Number(secondsArg);
if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to the seeded PostgreSQL database.');

const database = openPostgres(process.env.DATABASE_URL, 2);
const data = await prepareBenchData(database.db);
await database.close();

const bare = await startBare({});
const app = await startServer({ DATABASE_URL: process.env.DATABASE_URL, TOKEN_TTL: '2h' });
const keeper = await signedIn(app.url, BENCH_USERS.keeper);
const term = () => encodeURIComponent(anyOf(data.searchTerms));
const searchFor = searchPath(data);
const store = data.bigStore.id;
const json = { 'content-type': 'application/json' };
const pairs: Record<string, { app: LoadOptions; bare: LoadOptions }> = {
  search: {
    app: {
      url: `${app.url}/api/user/get-product?limit=50`,
      connections: 50,
      duration,
      headers: keeper,
      next: () => ({ path: searchFor() }),
    },
    bare: {
      url: `${bare.url}/bare/list?storeId=${store}`,
      connections: 50,
      duration,
      next: () => ({ path: `/bare/list?storeId=${store}&q=${term()}` }),
    },
  },
  list: {
    app: { url: `${app.url}/api/user/get-product?limit=50`, connections: 50, duration, headers: keeper },
    bare: { url: `${bare.url}/bare/list?storeId=${store}`, connections: 50, duration },
  },
  write: {
    app: {
      url: `${app.url}/api/user/consume-stock`,
      method: 'POST',
      connections: 50,
      duration,
      headers: keeper,
      next: movementRequest(() => anyOf(data.itemIds)),
    },
    bare: {
      url: `${bare.url}/bare/issue`,
      method: 'POST',
      connections: 50,
      duration,
      headers: json,
      next: () => ({ body: JSON.stringify({ productId: anyOf(data.itemIds), quantity: 1 }) }),
    },
  },
};
const pair = pairs[which];
if (!pair) throw new Error(`Measure one of: ${Object.keys(pairs).join(', ')}`);
await load({ ...pair.bare, duration: 2 });
await load({ ...pair.app, duration: 2 });
for (let round = 1; round <= rounds; round += 1) {
  const limit = await load(pair.bare);
  const measured = await load(pair.app);
  console.log(
    `${which} round ${round}: app ${measured.requestsPerSecond.toFixed(0)} req/s, p99 ${measured.p99} ms; bare ${limit.requestsPerSecond.toFixed(0)} req/s, p99 ${limit.p99} ms; ` +
      `${((100 * measured.requestsPerSecond) / limit.requestsPerSecond).toFixed(0)} %, p99 ${(measured.p99 / Math.max(limit.p99, 1)).toFixed(2)}×`,
  );
}
await app.stop();
bare.child.kill('SIGTERM');
