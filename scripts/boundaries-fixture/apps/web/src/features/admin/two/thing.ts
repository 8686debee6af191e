export const thing = 'two';
