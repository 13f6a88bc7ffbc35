import '~/browser/account-texts'
import { z } from 'zod'
import type { Translate } from './messages'
import { amountExample, amountInputText, fromMinor, parseAmount } from './amount'
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

/**
 * The budget fields of a form (user create and budget pages, cost center and buyer budgets, the user import):
 * the order limit, the budget and its period. Amounts are typed as the page's locale `tag` writes them
 * (app/models/amount.ts) and come out in minor units; an empty amount means "no limit"; a budget needs a
 * period. A wrong amount gets one message, with an example of the expected format.
 */
export function budgetFields(t: Translate, tag: string) {
  const amount = z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (!text?.trim()) return undefined
      const reading = parseAmount(text, tag, MAX_BUDGET_AMOUNT)
      if (reading.ok) return reading.minor
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message:
          reading.problem === 'too_large'
            ? t('account.budget.amount.error.too_large')
            : t('account.budget.amount.error.invalid', { example: amountExample(tag) }),
      })
      return z.NEVER
    })
  return {
    orderSpentLimit: amount,
    budget: amount,
    budgetPeriod: z.enum(BUDGET_PERIODS, { message: t('account.budget.period.error.invalid') }).optional(),
  }
}

/** A budget form's values after parsing: amounts in minor units, none for "no limit". */
type BudgetFormValue = { orderSpentLimit?: number; budget?: number; budgetPeriod?: BudgetPeriod }

/** A budget needs a period to count in: every budget form refines its schema with these two. */
export const budgetHasPeriod = (form: BudgetFormValue) =>
  form.budget === undefined || Boolean(form.budgetPeriod)
export const budgetPeriodRequired = (t: Translate) => ({
  path: ['budgetPeriod'],
  message: t('account.budget.period.error.required'),
})

/** The budget form on its own (the user budget page). */
export const budgetFormSchema = (t: Translate, tag: string) =>
  z.object(budgetFields(t, tag)).refine(budgetHasPeriod, budgetPeriodRequired(t))

export type BudgetForm = z.infer<ReturnType<typeof budgetFormSchema>>

/**
 * The ICM UserBudget a budget form sends (`PUT …/users/{login}/budgets`): Money in the shop's currency, null
 * for "no limit" so that a limit can be removed.
 */
export function budgetInputOf(form: BudgetFormValue, currency: string) {
  const money = (minor: number | undefined) =>
    minor === undefined ? null : { value: fromMinor(minor), currency }
  return {
    orderSpentLimit: money(form.orderSpentLimit),
    budget: money(form.budget),
    budgetPeriod: form.budget === undefined ? null : (form.budgetPeriod ?? null),
  }
}

/** A stored amount as a budget field shows it, in the locale's format ("1.250,50"); empty when there is none. */
export const amountText = (money: Money | undefined, tag: string) =>
  money ? amountInputText(money.value, tag) : ''

/** A form's default values for a stored budget: amounts as the form shows them in the locale `tag`. */
export function budgetFormValue(budget: Budget | undefined, tag: string) {
  return {
    orderSpentLimit: amountText(budget?.orderSpentLimit, tag),
    budget: amountText(budget?.budget, tag),
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
