import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonClassName } from './index';

describe('Button', () => {
  it('is a plain button (not submit) by default', () => {
    render(<Button>Next</Button>);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveAttribute('type', 'button');
  });

  it('while loading is busy, disabled and keeps its name', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(
      <Button loading onClick={onClick}>
        Confirm deposit
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Confirm deposit' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy when idle', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Confirm deposit</Button>);
    const button = screen.getByRole('button', { name: 'Confirm deposit' });
    expect(button).not.toHaveAttribute('aria-busy');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shares its look with links through buttonClassName', () => {
    expect(buttonClassName('secondary', 'sm', true).split(' ')).toEqual(
      expect.arrayContaining(['ff-button', 'ff-button--secondary', 'ff-button--sm', 'ff-button--full']),
    );
    expect(buttonClassName()).toBe('ff-button ff-button--primary ff-button--md');
  });
});
