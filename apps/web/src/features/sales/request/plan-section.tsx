import type { Plan } from '@camposanto/domain';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { FormSection } from '../../../components/form-section';
import { PaymentFields } from '../shared/payment-fields';
import { isInitialPaymentError, type Preview } from '../shared/payment-selection';
import { PlanSelect } from '../shared/plan-select';
import { PricePreview } from '../shared/price-preview';
import type { PaymentSelectionState } from '../shared/use-payment-selection';

interface PlanSectionProps {
  plans: readonly Plan[];
  isLoadingPlans: boolean;
  payment: PaymentSelectionState;
  preview: Preview;
  /** The parcel or niche code fields of the forms that reserve inventory. */
  inventoryFields?: ReactNode;
  /** Issue 10: a niche brings its own plan (shown read-only by its fields), so there is no plan list. */
  hasPlanList: boolean;
  addLabel: string;
  isAddDisabled: boolean;
  disabled: boolean;
  onAdd: () => void;
}

/** SPEC §2 Generic request screen: the plan section on top, with the live price and the button that adds a line. */
export function PlanSection(props: PlanSectionProps) {
  const { payment, preview, disabled } = props;
  const error = preview.status === 'error' ? preview.message : undefined;
  const isFinanced = payment.selection.modalidad === 'Financiado';
  const fieldError = error && isFinanced && isInitialPaymentError(error) ? error : undefined;

  return (
    <FormSection title="DATOS DEL PLAN">
      <Stack spacing={2}>
        {props.inventoryFields}
        {props.hasPlanList && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <PlanSelect
                plans={props.plans}
                value={payment.selection.planId}
                isLoading={props.isLoadingPlans}
                disabled={disabled}
                onChange={(planId) => payment.change({ planId })}
              />
            </Grid>
          </Grid>
        )}
        <PaymentFields
          selection={payment.selection}
          onChange={payment.change}
          initialPaymentError={fieldError}
          disabled={disabled}
        />
        <PricePreview preview={preview} isFinanced={isFinanced} />
        {error && !fieldError && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            startIcon={<AddShoppingCartIcon />}
            // Issue 10: a line the server would refuse is never added.
            disabled={disabled || props.isAddDisabled || preview.status === 'error'}
            onClick={props.onAdd}
          >
            {props.addLabel}
          </Button>
        </Stack>
      </Stack>
    </FormSection>
  );
}
