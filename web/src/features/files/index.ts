// What other features use of files.
export * from './components/attachment-thumbs';
export { CameraDialog } from './components/camera-dialog';
export * from './components/photo-field';
export * from './components/signature-pad';
export * from './upload';
