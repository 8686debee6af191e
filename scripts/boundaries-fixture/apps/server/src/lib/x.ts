import { y } from './y'; // ✗ no-cycle (x → y → x)

export const x = () => y;
