"""The screens of the App's scene stack."""
