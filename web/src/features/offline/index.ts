// What other features use of offline.
export * from './components/item-picker';
export * from './components/kept-at';
export { LocationSwitch } from './components/location-switch';
export * from './components/movement-form';
export * from './components/needs-attention-badge';
export { stockUnitOf, UnitChoice, unitsOfItem } from './components/unit-choice';
export {
  discardAll,
  enqueue as enqueueOp,
  type QueuedOp,
  remove as removeOp,
  removeRefused as removeRefusedOp,
  saveLists as saveKeptLists,
  waitingOps,
} from './outbox';
export { syncNow } from './sync';
export * from './use-kept-list';
export * from './use-outbox';
export { useWhereabouts } from './whereabouts';
