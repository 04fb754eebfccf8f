/** Who the restaurant is: fixed, not managed in the admin. Its own module because the nav bar (first-load script) needs the name. */
export const RESTAURANT_NAME = 'Chilaquiles Chapín'
