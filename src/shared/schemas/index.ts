export * from './fields'
export * from './product'
export * from './category'
export * from './ingredient'
export * from './zone'
export * from './setting'
export * from './api-key'
export * from './auth'
export * from './order'
export * from './checkout'
export * from './opening-hours'
export * from './order-settings'
export * from './report'
export * from './customer'
export * from './user'
export * from './subscriber'

/** Error body of every failed API call. */
export type ApiErrorBody = {
  message: string
  issues?: { path: string; message: string }[]
}

/** Answer of POST /api/admin/initialize-database. */
export type InitializationResult = {
  message: string
  stats: { ingredients: number; products: number; settings: number }
}
export * from './option-group'
export * from './order-edit'
export * from './promotion'
export * from './store-profile'
