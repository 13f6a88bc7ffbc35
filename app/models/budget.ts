import '~/browser/account-texts'
import { z } from 'zod'
import type { Translate } from './messages'
import { MoneySchema, type Money } from './price'

export type { Money } from './price'

/**
 * Budgets of business users and cost centers (spec org §3 `userBudget`, §9; ICM's UserBudget): the most one
 * order may cost, a budget per period with what was spent of it and what remains, in the customer's budget
 * price type (gross by default). Every amount is ICM Money.
 */
export const BUDGET_PERIODS = ['weekly', 'monthly', 'quarterly', 'yearly'] as const
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number]

export const BudgetPeriodSchema = z.enum(BUDGET_PERIODS)

export type Budget = {
  orderSpentLimit?: Money
  budget?: Money
  budgetPeriod?: BudgetPeriod
  spent?: Money
  remaining?: Money
}

/** ICM's UserBudget (`GET/PUT …/users/{login}/budgets`, `customers/-/users/-/budgets`). */
export const UserBudgetSchema = z.object({
  budget: MoneySchema.optional(),
  budgetPeriod: BudgetPeriodSchema.optional(),
  orderSpentLimit: MoneySchema.optional(),
  remainingBudget: MoneySchema.optional(),
  spentBudget: MoneySchema.optional(),
})

/** ICM Money without the type tag the storefront does not use. */
const plain = (money: Money | undefined): Money | undefined =>
  money ? { value: money.value, currency: money.currency } : undefined

export function mapUserBudget(data: z.infer<typeof UserBudgetSchema>): Budget {
  return {
    orderSpentLimit: plain(data.orderSpentLimit),
    budget: plain(data.budget),
    budgetPeriod: data.budgetPeriod,
    spent: plain(data.spentBudget),
    remaining: plain(data.remainingBudget),
  }
}

/** Whether a budget sets any limit at all (an order limit or a budget per period). */
export const hasLimits = (budget: Budget | undefined) => Boolean(budget?.orderSpentLimit || budget?.budget)

/** How much of the period's budget is spent, 0–100 (more is capped; an overrun shows as 100). */
export function spentPercent(budget: Pick<Budget, 'budget' | 'spent'>): number | undefined {
  if (!budget.budget || budget.budget.value <= 0) return undefined
  const spent = budget.spent?.value ?? 0
  return Math.min(100, Math.max(0, Math.round((spent / budget.budget.value) * 100)))
}

/** The largest amount a budget form takes, as the API keeps it. */
export const MAX_BUDGET_AMOUNT = 1_000_000_000

/** An amount typed into a form: digits with at most two decimals, `.` or `,` as decimal separator. */
const AMOUNT = /^\d{1,10}([.,]\d{1,2})?$/

/** A typed amount as a number of the currency (empty: no limit). */
export const parseAmount = (text: string): number => Number(text.replace(',', '.'))

/**
 * The budget fields of a form (user create and budget pages, cost center and buyer budgets): the order limit,
 * the budget and its period. An empty amount means "no limit"; a budget needs a period.
 */
export function budgetFields(t: Translate) {
  const amount = z
    .string()
    .trim()
    .max(16, t('account.budget.amount.error.invalid'))
    .optional()
    .refine((text) => !text || AMOUNT.test(text), t('account.budget.amount.error.invalid'))
    .refine(
      (text) => !text || parseAmount(text) <= MAX_BUDGET_AMOUNT,
      t('account.budget.amount.error.too_large'),
    )
  return {
    orderSpentLimit: amount,
    budget: amount,
    budgetPeriod: z.enum(BUDGET_PERIODS, { message: t('account.budget.period.error.invalid') }).optional(),
  }
}

type BudgetFormValue = { orderSpentLimit?: string; budget?: string; budgetPeriod?: BudgetPeriod }

/** A budget needs a period to count in: every budget form refines its schema with these two. */
export const budgetHasPeriod = (form: BudgetFormValue) => !form.budget || Boolean(form.budgetPeriod)
export const budgetPeriodRequired = (t: Translate) => ({
  path: ['budgetPeriod'],
  message: t('account.budget.period.error.required'),
})

/** The budget form on its own (the user budget page). */
export const budgetFormSchema = (t: Translate) =>
  z.object(budgetFields(t)).refine(budgetHasPeriod, budgetPeriodRequired(t))

export type BudgetForm = z.infer<ReturnType<typeof budgetFormSchema>>

/**
 * The ICM UserBudget a budget form sends (`PUT …/users/{login}/budgets`): Money in the shop's currency, null
 * for "no limit" so that a limit can be removed.
 */
export function budgetInputOf(form: BudgetFormValue, currency: string) {
  const money = (text: string | undefined) => (text ? { value: parseAmount(text), currency } : null)
  return {
    orderSpentLimit: money(form.orderSpentLimit),
    budget: money(form.budget),
    budgetPeriod: form.budget ? (form.budgetPeriod ?? null) : null,
  }
}

/** A form's default values for a stored budget: amounts as the form shows them. */
export function budgetFormValue(budget: Budget | undefined): BudgetFormValue {
  const text = (money: Money | undefined) => (money ? money.value.toFixed(2) : '')
  return {
    orderSpentLimit: text(budget?.orderSpentLimit),
    budget: text(budget?.budget),
    budgetPeriod: budget?.budgetPeriod,
  }
}

/**
 * A budget's spending per period, oldest first (`…/budgets/history`, the commerce API's extension for the
 * budget chart; a real ICM answers 404 and the chart is left out).
 */
export const BudgetHistorySchema = z.object({
  budgetPeriod: BudgetPeriodSchema.optional(),
  countedPeriod: BudgetPeriodSchema,
  periods: z
    .array(
      z.object({
        fromDate: z.string(),
        toDate: z.string(),
        budget: MoneySchema.optional(),
        spentBudget: MoneySchema,
      }),
    )
    .max(24),
})

export type BudgetHistory = {
  period: BudgetPeriod
  periods: { from: string; to: string; budget?: Money; spent: Money }[]
}

export function mapBudgetHistory(data: z.infer<typeof BudgetHistorySchema>): BudgetHistory {
  return {
    period: data.countedPeriod,
    periods: data.periods.map((p) => ({
      from: p.fromDate,
      to: p.toDate,
      budget: plain(p.budget),
      spent: plain(p.spentBudget)!,
    })),
  }
}
