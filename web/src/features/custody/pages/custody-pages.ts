// The custody screens, loaded together on first use.
export { ToolsOutPage } from './tools-out-page';
export { WorkerPage } from './worker-page';
export { WorkersPage } from './workers-page';
