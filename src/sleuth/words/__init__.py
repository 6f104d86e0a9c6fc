"""Word lists, frequencies and the letter-feedback kernels of the word games."""
