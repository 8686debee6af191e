export { helper as a } from './a.service';
