import {
  Label,
  Slider as RACSlider,
  SliderOutput,
  SliderThumb,
  SliderTrack,
  type SliderProps as RACSliderProps,
} from 'react-aria-components';
import './Slider.css';

export interface SliderProps extends Omit<RACSliderProps<number>, 'className' | 'children'> {
  label: string;
  className?: string;
}

/**
 * A one-thumb slider: `<Slider label="Zoom" minValue={1} maxValue={4} step={0.05} value={z} onChange={setZ} />`.
 * `formatOptions` (Intl.NumberFormat) says how the value reads beside the label and to screen
 * readers. Arrow keys, Page Up/Down, Home and End move it (react-aria).
 */
export function Slider({ label, className, ...props }: SliderProps) {
  return (
    <RACSlider {...props} className={['slider', className].filter(Boolean).join(' ')}>
      <div className="slider__header">
        <Label className="field__label">{label}</Label>
        <SliderOutput className="slider__output" />
      </div>
      <SliderTrack className="slider__track">
        {({ state }) => (
          <>
            <span className="slider__fill" style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className="slider__thumb" />
          </>
        )}
      </SliderTrack>
    </RACSlider>
  );
}
