/** Prices are whole quetzales shown with the prefix Q. */
export const formatQ = (amount: number): string => `Q${amount}`
