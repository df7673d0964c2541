// `npm start`: builds whatever is missing or out of date, then runs the server in this process.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildAll, root } from './build.mjs';

buildAll();
await import(pathToFileURL(join(root, 'server/dist/main.js')).href);
