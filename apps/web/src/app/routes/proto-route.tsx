/** /proto, the interactive demo (issue 19): its own chunk and text area (`demo`). */
export { ProtoPage } from '../../features/demo/components/proto-page.tsx';
