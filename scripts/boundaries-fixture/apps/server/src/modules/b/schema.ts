export const tableB = { name: 'table_b' };
