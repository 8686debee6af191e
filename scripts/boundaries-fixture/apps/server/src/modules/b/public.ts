export { other } from './b.service';
