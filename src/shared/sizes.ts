/** The SPEC's two sizes (a module of its own: the cart and the option groups both price by size). */
export type Size = 'mediano' | 'grande'

export const SIZE_LABELS: Record<Size, string> = { mediano: 'Mediano', grande: 'Grande' }
