import { x } from './x';

export const y = () => x;
