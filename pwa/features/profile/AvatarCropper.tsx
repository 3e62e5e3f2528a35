import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import { Slider } from '../../components/Slider';
import { clampCrop, initialCrop, MAX_ZOOM, MIN_ZOOM, moveCrop, viewPlacement, zoomCrop, type Crop, type ImageSize } from './crop';

export interface LoadedImage {
  element: HTMLImageElement;
  size: ImageSize;
}

export interface AvatarCropperProps {
  image: LoadedImage;
  crop: Crop;
  onCropChange: (crop: Crop) => void;
  isDisabled?: boolean;
}

/** Arrow keys move the square by this share of its side (Shift: five times as far). */
const KEY_STEP = 0.05;
const ZOOM_STEP = 0.1;

/**
 * The square crop of a chosen photo: the square is the whole area, the photo moves under it. Drag
 * it (mouse, pen or touch) or use the arrow keys on the focused area to move it, the slider (or
 * + and −, or the mouse wheel) to zoom; Home centres it again. The circle shows how the avatar will
 * be cut. The numbers live in image pixels (./crop.ts), so the area may be any size.
 */
export function AvatarCropper({ image, crop, onCropChange, isDisabled }: AvatarCropperProps) {
  const id = useId();
  const area = useRef<HTMLDivElement>(null);
  const [view, setView] = useState(0);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  // The area's width in CSS pixels, followed as the dialog resizes.
  useEffect(() => {
    const node = area.current;
    if (!node) return;
    const measure = () => setView(node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const placement = view > 0 ? viewPlacement(image.size, crop, view) : null;
  /** Moves by a distance on screen: the photo follows the pointer, so the square moves the other way. */
  const moveByScreen = (dx: number, dy: number) => {
    if (!placement) return;
    onCropChange(moveCrop(image.size, crop, -dx / placement.scale, -dy / placement.scale));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDisabled || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = drag.current;
    if (!last || last.pointerId !== event.pointerId) return;
    moveByScreen(event.clientX - last.x, event.clientY - last.y);
    drag.current = { ...last, x: event.clientX, y: event.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (isDisabled) return;
    onCropChange(zoomCrop(image.size, crop, crop.zoom * Math.exp(-event.deltaY * 0.002)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isDisabled) return;
    const side = Math.min(image.size.width, image.size.height) / crop.zoom;
    const step = side * KEY_STEP * (event.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    let next: Crop | undefined;
    if (event.key in moves) next = moveCrop(image.size, crop, ...moves[event.key]);
    else if (event.key === '+' || event.key === '=') next = zoomCrop(image.size, crop, crop.zoom + ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') next = zoomCrop(image.size, crop, crop.zoom - ZOOM_STEP);
    else if (event.key === 'Home') next = clampCrop(image.size, { ...initialCrop(image.size), zoom: crop.zoom });
    if (!next) return;
    event.preventDefault();
    onCropChange(next);
  };

  return (
    <div className="cropper">
      <div
        ref={area}
        className="cropper__area"
        role="group"
        aria-label="Photo position"
        aria-describedby={`${id}-help`}
        tabIndex={isDisabled ? -1 : 0}
        data-disabled={isDisabled || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onWheel={onWheel}
        onKeyDown={onKeyDown}
      >
        {placement ? (
          <img
            className="cropper__image"
            src={image.element.src}
            alt=""
            draggable={false}
            style={{
              width: image.size.width * placement.scale,
              height: image.size.height * placement.scale,
              transform: `translate(${placement.left}px, ${placement.top}px)`,
            }}
          />
        ) : null}
        <span className="cropper__mask" aria-hidden="true" />
      </div>
      <p id={`${id}-help`} className="field__description cropper__help">
        Drag the photo, or focus it and use the arrow keys, to choose what shows. + and − zoom.
      </p>
      <Slider
        label="Zoom"
        minValue={MIN_ZOOM}
        maxValue={MAX_ZOOM}
        step={0.05}
        value={crop.zoom}
        onChange={(zoom) => onCropChange(zoomCrop(image.size, crop, zoom))}
        formatOptions={{ style: 'percent', maximumFractionDigits: 0 }}
        isDisabled={isDisabled}
      />
    </div>
  );
}
