import App
print("Homepwner")
