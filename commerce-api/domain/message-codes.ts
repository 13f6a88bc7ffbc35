/**
 * Every code the commerce API can send in `infos`, `errors` and their `causes`, listed once with the
 * parameters a message of that code carries (in its cause's `parameters`). Domain errors, ICM errors and
 * basket notices take a `MessageCode`, so the compiler refuses a code that is not here; the storefront's
 * tests check against this list that every code the shop waits for is one the API sends, and that every code
 * the API sends has a text in all five languages (tests/storefront/message-codes.test.ts).
 */
type CodeSpec = {
  /** `error` answers a refused request; `info` comes with a successful one; `cause` details another message. */
  readonly kind: 'error' | 'info' | 'cause'
  /** Names of the values in the message's `causes[].parameters`, which a shop's text may use. */
  readonly parameters?: readonly string[]
}

export const MESSAGE_CODES = {
  // account
  'account.forgotdata.consumer_disabled.error': { kind: 'error' },
  'account.forgotdata.consumer_invalid_hash.error': { kind: 'error' },
  'account.forgotdata.consumer_password_timeout.error': { kind: 'error' },
  'account.login.challenge.required': { kind: 'error' },
  'account.login.customer_approval.error': { kind: 'error' },
  'account.login.too_many_attempts.error': { kind: 'error' },
  // address
  'address.country.invalid.error': { kind: 'error' },
  'address.email.invalid.error': { kind: 'error' },
  'address.field.missing.error': { kind: 'error' },
  'address.invalid.error': { kind: 'error' },
  'address.main_division.invalid.error': { kind: 'error' },
  'address.main_division.missing.error': { kind: 'error' },
  'address.not_editable.error': { kind: 'error' },
  'address.not_found.error': { kind: 'error' },
  'address.postal_code.invalid.error': { kind: 'error' },
  // authentication
  'authentication.token.expired': { kind: 'error' },
  'authentication.token.invalid': { kind: 'error' },
  'authentication.token.missing': { kind: 'error' },
  'authentication.user.required': { kind: 'error' },
  // authorization
  'authorization.forbidden': { kind: 'error' },
  // basket
  'basket.address.not_eligible.error': { kind: 'error' },
  'basket.approval.no_approver.error': { kind: 'error' },
  'basket.approval.payment_page.error': { kind: 'error' },
  'basket.cost_center.not_eligible.error': { kind: 'error' },
  'basket.line_item.add_item_added_to_existing_line_item.info': { kind: 'info' },
  'basket.line_item.adjustment.cause.AddedToExistingLineItemWithAdjustedQuantity': {
    kind: 'cause',
    parameters: ['product', 'requested', 'adjusted', 'lineItemQuantity', 'reason', 'lineItem'],
  },
  'basket.line_item.adjustment.cause.AddedToNewLineItemWithAdjustedQuantity': {
    kind: 'cause',
    parameters: ['product', 'requested', 'adjusted', 'lineItemQuantity', 'reason', 'lineItem'],
  },
  'basket.line_item.creation.failed': { kind: 'error' },
  'basket.line_item.deletion.info': { kind: 'info' },
  'basket.line_item.desired_delivery_date.invalid.error': { kind: 'error' },
  'basket.line_item.mandatory_accessory.missing.error': { kind: 'error' },
  'basket.line_item.mandatory_item.not_linked.error': { kind: 'error' },
  'basket.line_item.mandatory_parent.not_found.error': { kind: 'error' },
  'basket.line_item.mandatory_selection.missing.error': { kind: 'error' },
  'basket.line_item.not_found.error': { kind: 'error' },
  'basket.line_item.product_not_available.error': { kind: 'error' },
  'basket.line_item.product_not_found.error': { kind: 'error' },
  'basket.line_item.product_not_orderable.error': { kind: 'error' },
  'basket.line_item.product_out_of_stock.error': { kind: 'error' },
  'basket.line_item.product_price_on_request.error': { kind: 'error' },
  'basket.line_item.quantity.adjusted.info': { kind: 'info' },
  'basket.line_item.quantity.max_order_quantity.error': { kind: 'error' },
  'basket.line_item.quantity.min_order_quantity.error': { kind: 'error' },
  'basket.line_item.quantity.not_in_stock.error': { kind: 'error' },
  'basket.line_item.quantity.step_quantity.error': { kind: 'error' },
  'basket.line_item.removed.info': { kind: 'info' },
  'basket.line_item.removed.price_not_available.info': { kind: 'info' },
  'basket.line_item.update.failed': { kind: 'error' },
  'basket.line_item.warranty_not_available.error': { kind: 'error' },
  'basket.merge.line_item.not_available.info': { kind: 'info' },
  'basket.merge.line_item.quantity_adjusted.info': { kind: 'info' },
  'basket.merge.promotion_code.not_combinable.info': { kind: 'info' },
  'basket.merge.source_basket.not_found.error': { kind: 'error' },
  'basket.merge.source_equals_target.error': { kind: 'error' },
  'basket.merge.source_token.invalid.error': { kind: 'error' },
  'basket.not_found.error': { kind: 'error' },
  'basket.payment.instrument.not_found.error': { kind: 'error' },
  'basket.payment.instrument_required.error': { kind: 'error' },
  'basket.payment.not_found.error': { kind: 'error' },
  'basket.payment.removed.info': { kind: 'info' },
  'basket.payment.restricted.error': { kind: 'error' },
  'basket.promotion.min_order_value_not_reached.info': { kind: 'info' },
  'basket.promotion_code.already_added.error': { kind: 'error' },
  'basket.promotion_code.no_longer_valid.error': { kind: 'error' },
  'basket.promotion_code.not_combinable.error': { kind: 'error' },
  'basket.promotion_code.not_found.error': { kind: 'error' },
  'basket.promotion_code.removed.info': { kind: 'info' },
  'basket.recurrence.end_date.not_after_start.error': { kind: 'error' },
  'basket.recurrence.end_date.too_late.error': { kind: 'error' },
  'basket.recurrence.interval.invalid.error': { kind: 'cause' },
  'basket.recurrence.interval.too_long.error': { kind: 'error' },
  'basket.recurrence.invalid.error': { kind: 'error' },
  'basket.recurrence.login_required.error': { kind: 'error' },
  'basket.recurrence.payment_page.error': { kind: 'error' },
  'basket.recurrence.promotion_code.error': { kind: 'error' },
  'basket.recurrence.start_date.past.error': { kind: 'error' },
  'basket.recurrence.start_date.too_late.error': { kind: 'error' },
  'basket.shipping_method.changed.info': { kind: 'info' },
  'basket.shipping_method.default_chosen.info': { kind: 'info' },
  'basket.shipping_method.not_eligible.error': { kind: 'error' },
  'basket.tax.destination_changed.info': {
    kind: 'info',
    parameters: ['previousCountry', 'previousTaxRate', 'country', 'taxRate'],
  },
  'basket.validation.cost_center.missing.error': { kind: 'error' },
  'basket.validation.cost_center.not_eligible.error': { kind: 'error' },
  'basket.validation.email.missing.error': { kind: 'error' },
  'basket.validation.empty.error': { kind: 'error' },
  'basket.validation.failed.error': { kind: 'error' },
  'basket.validation.invoice_address.missing.error': { kind: 'error' },
  'basket.validation.order_value.maximum.error': { kind: 'error' },
  'basket.validation.order_value.minimum.error': { kind: 'error' },
  'basket.validation.payment.missing.error': { kind: 'error' },
  'basket.validation.payment.not_authorized.error': { kind: 'error' },
  'basket.validation.payment.restricted.error': { kind: 'error' },
  'basket.validation.scope.invalid.error': { kind: 'cause' },
  'basket.validation.ship_to_address.missing.error': { kind: 'error' },
  'basket.validation.shipping_method.missing.error': { kind: 'error' },
  'basket.validation.shipping_method.not_eligible.error': { kind: 'error' },
  'basket.validation.terms_and_conditions.error': { kind: 'error' },
  // captcha
  'captcha.incorrect': { kind: 'error' },
  // category
  'category.not_found': { kind: 'error' },
  // cms
  'cms.include.not_found': { kind: 'error' },
  'cms.page.not_found': { kind: 'error' },
  'cms.pagetree.not_found': { kind: 'error' },
  'cms.viewcontext.not_found': { kind: 'error' },
  // costcenter
  'costcenter.buyer.duplicate': { kind: 'error' },
  'costcenter.buyer.not_eligible': { kind: 'error' },
  'costcenter.buyer.not_found': { kind: 'error' },
  'costcenter.delete.has_orders': { kind: 'error' },
  'costcenter.id.duplicate': { kind: 'error' },
  'costcenter.id.in_use': { kind: 'error' },
  'costcenter.invalid': { kind: 'error' },
  'costcenter.not_editable': { kind: 'error' },
  'costcenter.not_found': { kind: 'error' },
  'costcenter.owner.not_eligible': { kind: 'error' },
  // country
  'country.not_found.error': { kind: 'error' },
  // customer
  'customer.credentials.login.not_unique.error': { kind: 'error' },
  'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation': { kind: 'error' },
  'customer.email.not_unique.error': { kind: 'error' },
  'customer.not_found': { kind: 'error' },
  'customer.update.not_business': { kind: 'error' },
  'customer.user.budget.currency.mismatch': { kind: 'error' },
  'customer.user.budget.period.missing': { kind: 'error' },
  /** Pins an element of a user list that was created although the request as a whole was refused. */
  'customer.user.created': { kind: 'cause' },
  'customer.user.last_account_owner': { kind: 'error' },
  'customer.user.not_found': { kind: 'error' },
  'customer.user.role.not_assignable': { kind: 'error' },
  'customer.user.role.punchout': { kind: 'error' },
  'customer.user.role.unknown': { kind: 'error' },
  'customer.user.self_deactivation': { kind: 'error' },
  'customer.user.self_deletion': { kind: 'error' },
  'customer.user.self_role_removal': { kind: 'error' },
  // localization
  'localization.not_found': { kind: 'error' },
  // localizations
  'localizations.search_keys.invalid': { kind: 'error' },
  // order
  'order.creation.not_stopped.error': { kind: 'error' },
  'order.not_found.error': { kind: 'error' },
  'order.status.transition.error': { kind: 'error' },
  'order.line.not_found.error': { kind: 'error' },
  'order.shipment.carrier.invalid': { kind: 'error' },
  'order.shipment.tracking_number.invalid': { kind: 'error' },
  'order.payment.cancelled.info': { kind: 'info' },
  'order.payment.failed.info': { kind: 'info' },
  'order.payment.not_authorized.info': { kind: 'info' },
  'order.recurring_order.created.info': { kind: 'info', parameters: ['recurringOrderNo', 'startDate'] },
  'order.requisition.created.info': { kind: 'info' },
  // payment
  'payment.instrument.invalid.error': { kind: 'error' },
  'payment.instrument.not_found.error': { kind: 'error' },
  'payment.instrument.save_not_allowed.error': { kind: 'error' },
  'payment.method.not_found.error': { kind: 'error' },
  'payment.parameter.none.error': { kind: 'error' },
  'payment.parameter.pattern.error': { kind: 'error' },
  'payment.parameter.required.error': { kind: 'error' },
  'payment.parameter.size.error': { kind: 'error' },
  'payment.parameter.unknown.error': { kind: 'error' },
  'payment.redirect.cancelled.info': { kind: 'info' },
  'payment.redirect.failed.info': { kind: 'info' },
  'payment.redirect.session.invalid.error': { kind: 'error' },
  'payment.redirect.signature.invalid.error': { kind: 'error' },
  'payment.restriction.max_order_value.error': { kind: 'error' },
  // product
  'product.not_found': { kind: 'error' },
  // promotion
  'promotion.not_found': { kind: 'error' },
  // rate_limit
  'rate_limit.exceeded': { kind: 'error' },
  // back office and local mailbox (operators)
  'backoffice.token.invalid': { kind: 'error' },
  'mailbox.token.invalid': { kind: 'error' },
  // OAuth (ICM's token endpoint answers as OAuth 2 does)
  invalid_grant: { kind: 'error' },
  // recurringorder
  'recurringorder.buyer.inactive.error': { kind: 'error' },
  'recurringorder.expired.error': { kind: 'error' },
  'recurringorder.not_found.error': { kind: 'error' },
  'recurringorder.placement.error': { kind: 'error' },
  'recurringorder.template.missing.error': { kind: 'error' },
  // request
  'request.invalid': { kind: 'error' },
  'request.invalid.control_character': { kind: 'error' },
  'request.invalid.field': { kind: 'error' },
  'request.malformed': { kind: 'error' },
  'request.unsupported_media_type': { kind: 'error' },
  'request.url.invalid': { kind: 'error' },
  // requisition
  'requisition.already_decided.error': { kind: 'error' },
  'requisition.approval.not_approver.error': { kind: 'error' },
  'requisition.approval.own.error': { kind: 'error' },
  'requisition.approval_comment.required.error': { kind: 'error' },
  'requisition.basket.missing.error': { kind: 'error' },
  'requisition.buyer.missing.error': { kind: 'error' },
  'requisition.lines.changed.error': { kind: 'error' },
  'requisition.link.expired.error': { kind: 'error' },
  'requisition.link.invalid.error': { kind: 'error' },
  'requisition.link.other_user.error': { kind: 'error' },
  'requisition.not_found.error': { kind: 'error' },
  'requisition.prices.changed.error': { kind: 'error' },
  'requisition.stage_decided.error': { kind: 'error' },
  'requisition.withdraw.not_buyer.error': { kind: 'error' },
  'requisition.withdrawn.buyer_deactivated.info': { kind: 'info' },
  'requisition.withdrawn.buyer_deleted.info': { kind: 'info' },
  'requisition.withdrawn.by_buyer.info': { kind: 'info' },
  // resource
  'resource.not_found': { kind: 'error' },
  // scheduler
  'scheduler.not_started': { kind: 'error' },
  // server
  'server.error': { kind: 'error' },
  // site
  'site.not_found': { kind: 'error' },
  // static
  'static.not_found': { kind: 'error' },
  // registration and newsletter (issue 33)
  'customer.registration.invalid.error': { kind: 'error' },
  'customer.registration.field.missing.error': { kind: 'error' },
  'customer.registration.disabled.error': { kind: 'error' },
  'customer.email.invalid.error': { kind: 'error' },
  'customer.approval.not_pending.error': { kind: 'error' },
  'subscription.not_found.error': { kind: 'error' },
  'subscription.recipient.foreign.error': { kind: 'error' },
  'subscription.disabled.error': { kind: 'error' },
  // saved payment instruments (issue 33)
  'payment.instrument.method_change.error': { kind: 'error' },
  'payment.parameter.cvc_last_updated.error': { kind: 'cause' },
  // wishlist
  'wishlist.item.not_found.error': { kind: 'error' },
  'wishlist.items.limit.error': { kind: 'error' },
  'wishlist.limit.error': { kind: 'error' },
  'wishlist.move.same.error': { kind: 'error' },
  'wishlist.not_found.error': { kind: 'error' },
  'wishlist.quantity.invalid.error': { kind: 'error' },
  'wishlist.share.message.invalid.error': { kind: 'error' },
  'wishlist.share.recipients.invalid.error': { kind: 'error' },
  'wishlist.share.recipients.limit.error': { kind: 'error' },
  'wishlist.title.invalid.error': { kind: 'error' },
  // account: a user's own profile and password (domain/profile.ts)
  'account.update_password.old_password.error.incorrect': { kind: 'error' },
  'customer.credentials.current_password.required': { kind: 'error' },
  // password reminder (issue 33)
  'ede.account.forgotdata.email.invalid_login_or_name.error': { kind: 'error' },
  'account.forgotdata.too_many_requests.error': { kind: 'error' },
  // address book (issue 33)
  'address.delete.last.error': { kind: 'error' },
  'address.delete.preferred.error': { kind: 'error' },
  'address.preferred.not_eligible.error': { kind: 'error' },
  'address.share.company_address.error': { kind: 'error' },
  'address.share.private_customer.error': { kind: 'error' },
  'address.shared_for.unknown.error': { kind: 'error' },
  // personal data requests (issue 33)
  'gdpr_request.confirmed.info': { kind: 'info' },
  'gdpr_request.already_confirmed.info': { kind: 'info' },
  'personal.data.request.confirmation_link_expired.error': { kind: 'error' },
  'personal.data.request.unprocessable.error': { kind: 'error' },
} as const satisfies Record<string, CodeSpec>

export type MessageCode = keyof typeof MESSAGE_CODES

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(MESSAGE_CODES, code)
