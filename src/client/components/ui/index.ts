export { Button, buttonClass } from './button';
export { Input, Textarea, Select, fieldClass } from './input';
export { Label, FieldError } from './label';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './card';
export { Badge } from './badge';
export { Spinner, PageSpinner } from './spinner';
export { toast, dismissToast } from './toast-store';
export { ScrollRegion } from './scroll-region';
export { Stat } from './stat';
