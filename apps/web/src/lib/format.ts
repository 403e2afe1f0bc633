/** Spec section 9: dates read d.m.yyyy in both languages. */
export function formatDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}`;
}
