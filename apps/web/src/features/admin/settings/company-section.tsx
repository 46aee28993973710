import {
  COMPANY_MESSAGES,
  companySettingsInputSchema,
  DIAS_RECORDATORIO_MAX,
  type CompanySettings,
  type CompanySettingsValues,
} from '@camposanto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'react-toastify';
import { withDetail } from '../../../api/client';
import { useCompany } from '../../../api/company/get-company';
import { useSaveCompany } from '../../../api/company/save-company';
import { BusyButton } from '../../../components/busy-button';
import { FormSection } from '../../../components/form-section';
import { LoadingState } from '../../../components/loading-state';
import { textFieldProps } from '../../../lib/form-field';
import { CompanyLogoField } from './company-logo-field';

interface CompanyFormValues {
  nombre: string;
  rif: string;
  direccion: string;
  telefonos: string;
  email: string;
  clausulas: string;
  dias_recordatorio: string;
}

function formValues(company: CompanySettings): CompanyFormValues {
  const { nombre, rif, direccion, telefonos, email, clausulas } = company;
  return {
    nombre,
    rif,
    direccion,
    telefonos,
    email,
    clausulas,
    dias_recordatorio: String(company.dias_recordatorio),
  };
}

// The domain's schema checks and normalises the fields (RIF as J-12345678-9, the days as an integer); the cast
// only restates its input type, as in the receiving accounts' dialog.
const resolver = zodResolver(companySettingsInputSchema) as unknown as Resolver<
  CompanyFormValues,
  unknown,
  CompanySettingsValues
>;

function CompanyForm({ company }: { company: CompanySettings }) {
  const save = useSaveCompany();
  const { register, handleSubmit, formState, reset } = useForm<
    CompanyFormValues,
    unknown,
    CompanySettingsValues
  >({
    resolver,
    defaultValues: formValues(company),
  });
  const { errors, isDirty } = formState;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        toast.success(COMPANY_MESSAGES.empresaActualizada);
      },
      onError: (error) => toast.error(withDetail(COMPANY_MESSAGES.errorEmpresa, error)),
    }),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Datos de la empresa">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Stack spacing={2} sx={{ flex: 2, minWidth: 0 }}>
          <TextField
            label="Nombre"
            required
            fullWidth
            {...textFieldProps(register('nombre'), errors.nombre)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="RIF"
              fullWidth
              placeholder="J-12345678-9"
              {...textFieldProps(register('rif'), errors.rif)}
            />
            <TextField
              label="Correo electrónico"
              type="email"
              fullWidth
              {...textFieldProps(register('email'), errors.email)}
            />
          </Stack>
          <TextField
            label="Dirección"
            fullWidth
            {...textFieldProps(register('direccion'), errors.direccion)}
          />
          <TextField
            label="Teléfonos"
            fullWidth
            placeholder="0212-5551234 / 0414-1234567"
            {...textFieldProps(register('telefonos'), errors.telefonos)}
          />
          <TextField
            label="Días de anticipación del recordatorio"
            type="number"
            fullWidth
            slotProps={{ htmlInput: { min: 0, max: DIAS_RECORDATORIO_MAX, step: 1, inputMode: 'numeric' } }}
            {...textFieldProps(register('dias_recordatorio'), errors.dias_recordatorio)}
            helperText={
              errors.dias_recordatorio?.message ??
              'Días antes del vencimiento de cada cuota en que se envía el recordatorio (0 a 60; 0 = sin aviso previo).'
            }
          />
        </Stack>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <CompanyLogoField logo={company.logo} />
        </Box>
      </Stack>
      <TextField
        label="Cláusulas del contrato"
        fullWidth
        multiline
        minRows={6}
        maxRows={20}
        sx={{ mt: 2 }}
        {...textFieldProps(register('clausulas'), errors.clausulas)}
        helperText={
          errors.clausulas?.message ??
          'Se imprimen tal como se escriben en cada contrato; separe los párrafos con una línea en blanco.'
        }
      />
      <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button disabled={!isDirty || save.isPending} onClick={() => reset()}>
          Descartar cambios
        </Button>
        <BusyButton type="submit" variant="contained" icon={<SaveIcon />} isBusy={save.isPending}>
          Guardar
        </BusyButton>
      </Stack>
    </Box>
  );
}

/** Issue 14 §1 'Empresa': the letterhead printed on every PDF and e-mail, and the reminders' notice days. */
export function CompanySection() {
  const company = useCompany();
  return (
    <FormSection title="Empresa">
      {company.isPending ? (
        <LoadingState label="Cargando datos de la empresa..." />
      ) : company.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void company.refetch()}>
              Reintentar
            </Button>
          }
        >
          {withDetail(COMPANY_MESSAGES.errorCargarEmpresa, company.error)}
        </Alert>
      ) : (
        <CompanyForm company={company.data} />
      )}
    </FormSection>
  );
}
