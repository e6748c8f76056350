export const PRODUCT_NAME = 'Sovereign Flame';
