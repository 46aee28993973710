/**
 * Every query of the payment screens starts with this key: a payment changes the requests' states, the
 * instalments, the history and the income at once, so a payment refreshes them all.
 */
export const paymentsQueryKey = ['pagos'] as const;
