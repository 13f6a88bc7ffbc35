/**
 * The ICM message codes the storefront reacts to by name (everything else it shows through `messageText`). All
 * code comparisons name a code from here, and tests/storefront/message-codes.test.ts checks each against the
 * commerce API's registry (commerce-api/domain/message-codes.ts): a code the shop waits for that the API never
 * sends fails the build. `ICM_ONLY` are codes a real ICM sends that the bundled API has no cause to.
 */
export const API_CODES = {
  /** The bundled API's embedded database cannot take a change now (503 with Retry-After, ADR 0048). */
  serverBusy: 'server.busy.error',
  taxDestinationChanged: 'basket.tax.destination_changed.info',
  lineDeleted: 'basket.line_item.deletion.info',
  addedToExistingLine: 'basket.line_item.add_item_added_to_existing_line_item.info',
  basketNotFound: 'basket.not_found.error',
  productNotFound: 'basket.line_item.product_not_found.error',
  tokenInvalid: 'authentication.token.invalid',
  termsNotAccepted: 'basket.validation.terms_and_conditions.error',
  minOrderQuantity: 'basket.line_item.quantity.min_order_quantity.error',
  maxOrderQuantity: 'basket.line_item.quantity.max_order_quantity.error',
  stepQuantity: 'basket.line_item.quantity.step_quantity.error',
  emailNotUnique: 'customer.email.not_unique.error',
  loginNotUnique: 'customer.credentials.login.not_unique.error',
  userCreated: 'customer.user.created',
  tooManyLoginAttempts: 'account.login.too_many_attempts.error',
  userDisabled: 'account.login.user_disabled.error',
  customerApproval: 'account.login.customer_approval.error',
  ssoIdTokenInvalid: 'account.sso.id_token.invalid.error',
  ssoIdentityUnknown: 'account.sso.identity.unknown.error',
  ssoIdentityInUse: 'account.sso.identity.in_use.error',
  ssoInvitationInvalid: 'account.sso.invitation.invalid.error',
  ssoEmailInUse: 'account.sso.email_in_use.error',
  ssoEmailRequired: 'account.sso.email.required.error',
  challengeRequired: 'account.login.challenge.required',
  captchaIncorrect: 'captcha.incorrect',
  wishlistRecipientsInvalid: 'wishlist.share.recipients.invalid.error',
  wishlistRecipientsLimit: 'wishlist.share.recipients.limit.error',
  wishlistMessageInvalid: 'wishlist.share.message.invalid.error',
  passwordLinkInvalid: 'account.forgotdata.consumer_invalid_hash.error',
  passwordUserDisabled: 'account.forgotdata.consumer_disabled.error',
  passwordRuleViolated:
    'customer.credentials.passwordreset.invalid_password.error.PasswordExpressionViolation',
  passwordLinkExpired: 'account.forgotdata.consumer_password_timeout.error',
  requisitionNotFound: 'requisition.not_found.error',
  requisitionPricesChanged: 'requisition.prices.changed.error',
  requisitionLinesChanged: 'requisition.lines.changed.error',
  requisitionAlreadyDecided: 'requisition.already_decided.error',
  requisitionStageDecided: 'requisition.stage_decided.error',
  requisitionCommentRequired: 'requisition.approval_comment.required.error',
  decisionLinkExpired: 'requisition.link.expired.error',
  decisionLinkOtherUser: 'requisition.link.other_user.error',
  recurringOrderExpired: 'recurringorder.expired.error',
  registrationDisabled: 'customer.registration.disabled.error',
  reminderNameInvalid: 'ede.account.forgotdata.email.invalid_login_or_name.error',
  tooManyReminders: 'account.forgotdata.too_many_requests.error',
  tooManyContactMessages: 'contact.too_many_requests.error',
  personalDataConfirmed: 'gdpr_request.confirmed.info',
  personalDataAlreadyConfirmed: 'gdpr_request.already_confirmed.info',
  personalDataLinkExpired: 'personal.data.request.confirmation_link_expired.error',
  personalDataUnprocessable: 'personal.data.request.unprocessable.error',
  passkeyChallengeInvalid: 'passkey.challenge.invalid',
  passkeyUnknown: 'passkey.credential.unknown',
  passkeyUnavailable: 'passkey.unavailable',
} as const

export const ICM_ONLY = {
  /** An include ICM could not resolve; the spec drops it (§8). */
  includeNotResolved: 'include.not_resolved.error',
} as const

export type ApiCode = (typeof API_CODES)[keyof typeof API_CODES]
